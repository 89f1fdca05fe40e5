"""A written digest's way out: its files in `digests/`, and one mail per recipient, once.

Recipients are the addresses of `[smtp] recipients` (or the outbox when no SMTP host is set),
each with its own ledger row per digest: reordering or adding addresses re-sends nothing, an
address added later receives digests from then on (plus `[smtp] new_recipient_backlog` of the
latest), switching between outbox and SMTP does not re-send the past. Deliveries are claimed
in one transaction before sending, so two senders at once never send the same mail, and each
mail's Message-ID is fixed per (digest, recipient), so a re-send after a crash between the
server's acceptance and the ledger's commit is recognisably the same message.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import date
from pathlib import Path

from monitor.config import Settings
from monitor.digest import (
    Digest,
    digest_from_json,
    render_feed,
    render_html,
    render_json,
    render_markdown,
    write_atomic,
)
from monitor.errors import DeliveryError
from monitor.mail import build_message, send_smtp, write_outbox
from monitor.store import Store
from monitor.store_digests import Claim

log = logging.getLogger(__name__)
OUTBOX = "outbox"
FEED_DAYS = 14
Checkpoint = Callable[[str, date], None]  # (stage, day): a test's fault-injection seam
Delivered = Claim
Rendered = tuple[Digest, str, str]  # a digest, its Markdown (the text part) and its HTML


def no_checkpoint(stage: str, day: date) -> None:
    """The default checkpoint: nothing happens between stages."""


def write_files(folder: Path, digest: Digest, checkpoint: Checkpoint = no_checkpoint) -> list[Path]:
    """The day's Markdown, HTML and JSON, each written atomically."""
    files = {
        folder / f"{digest.day}.md": render_markdown(digest),
        folder / f"{digest.day}.html": render_html(digest),
        folder / f"{digest.day}.json": render_json(digest),
    }
    for path, text in files.items():
        write_atomic(path, text)
        checkpoint("writing", digest.day)
    return list(files)


def write_feed(folder: Path, store: Store) -> Path:
    """`feed.xml`: the Atom feed of the latest digests, from the store (not the folder)."""
    recent = [digest_from_json(body) for body in store.recent_digests(FEED_DAYS)]
    feed = folder / "feed.xml"
    write_atomic(feed, render_feed(recent, "urn:arxiv-radar:picks"))
    return feed


def stored_digest(settings: Settings, store: Store, day: date) -> Digest:
    """A written digest, from the store; its files are written again if one is missing."""
    body, paths = store.digest_body(day)
    folder = settings.path(settings.paths.digests)
    if body is None:  # written before the store kept digests: only its JSON file has it
        legacy = folder / f"{day}.json"
        if not legacy.is_file():
            raise DeliveryError(
                f"{legacy}: missing, and the store has no copy of the digest of {day}; "
                f"run `radar digest --date {day}`"
            )
        return digest_from_json(legacy.read_text(encoding="utf-8"))
    digest = digest_from_json(body)
    if any(not Path(p).is_file() for p in paths):
        log.warning("digest files of %s are missing in %s; writing them again", day, folder)
        write_files(folder, digest)
    return digest


def message_id(day: date, recipient: str) -> str:
    """Fixed per (digest, recipient), so mail clients merge a re-send after a crash."""
    tag = hashlib.sha256(recipient.encode()).hexdigest()[:12]
    return f"<radar-{day.isoformat()}-{tag}@arxiv-radar>"


def deliver(
    settings: Settings, store: Store, checkpoint: Checkpoint = no_checkpoint
) -> list[Delivered]:
    """Send (or write to the outbox) every written digest to every recipient not yet served.
    A failed delivery is recorded and the others still go; the first failure is raised after."""
    register_recipients(settings, store)
    token = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
    claims = store.claim_deliveries(token, _dead)
    done, failures = [], []
    rendered: dict[date, Rendered] = {}  # each digest read and rendered once, not per address
    try:
        for claim in claims:
            try:
                _deliver_one(settings, store, claim, token, checkpoint, rendered)
            except DeliveryError as err:
                failures.append(err)
                continue
            done.append(claim)
    finally:
        store.release_claims(token)
    if failures:
        more = f" (and {len(failures) - 1} more failed deliveries)" if len(failures) > 1 else ""
        raise DeliveryError(f"{failures[0]}{more}")
    return done


def register_recipients(settings: Settings, store: Store) -> None:
    """Make the configured recipients the active ones; a new one is owed only digests written
    from now on (plus the backlog), so call this before writing the day's digest."""
    smtp = settings.smtp
    wanted = list(smtp.recipients) if smtp.host else [OUTBOX]
    for address in store.sync_recipients(wanted, smtp.new_recipient_backlog):
        log.info("new recipient %s: receives digests from now on", address)


def _deliver_one(
    settings: Settings,
    store: Store,
    claim: Claim,
    token: str,
    checkpoint: Checkpoint,
    rendered: dict[date, Rendered],
) -> None:
    smtp = settings.smtp
    message_id_ = message_id(claim.day, claim.recipient)
    try:
        if claim.day not in rendered:
            digest = stored_digest(settings, store, claim.day)
            rendered[claim.day] = (digest, render_markdown(digest), render_html(digest))
        digest, text, html = rendered[claim.day]
        to = "me@localhost" if claim.recipient == OUTBOX else claim.recipient
        message = build_message(digest, text, html, smtp, to, message_id_)
        if claim.recipient == OUTBOX:
            folder = settings.path(settings.paths.digests)
            write_outbox(message, folder / "outbox", claim.day)
        else:
            send_smtp(message, smtp, claim.recipient)
    except DeliveryError as err:
        store.finish_delivery(claim, token, message_id_, str(err))
        raise
    checkpoint("sent", claim.day)
    store.finish_delivery(claim, token, message_id_)


def _dead(holder: str) -> bool:
    """Whether the sender holding a claim ('host:pid:nonce') is known to be gone: a process
    of this machine that no longer runs. Claims from other hosts wait for their lease."""
    host, _, rest = holder.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
