"""The organisations an author block's e-mail addresses name (`x@cs.stanford.edu`: `stanford`),
so a line that spells one is read as an organisation (`Circonus` beside `x@circonus.com`).
Webmail and role mailboxes name no one.
"""

from __future__ import annotations

import re

# a country's second-level labels (`edu.cn`, `ac.uk`, `co.jp`), not an organisation's
# (`au` of `cs.au.dk` is Aarhus University's)
_SECOND_LEVEL = {"ac", "co", "com", "edu", "org", "net", "gov", "go", "re", "or", "ne", "gob",
                 "gouv", "mil"}  # fmt: skip
_WEBMAIL = {"gmail", "googlemail", "outlook", "hotmail", "yahoo", "qq", "163", "126", "foxmail",
            "protonmail", "icloud", "live", "mail", "me"}  # fmt: skip


_ROLE_MAILBOXES = {"contact", "info", "admin", "support", "hello", "team", "office", "help",
                   "press", "noreply", "permissions", "publications", "editor"}  # fmt: skip


def mail_domains(tex: str) -> set[str]:
    """The organisation name of each e-mail domain in a block, without its hyphens:
    `circonus` of `x@circonus.com`, `stanford` of `x@cs.stanford.edu`, `kth` of `x@kth.se`,
    `tuberlin` of `x@tu-berlin.de`; webmail is no organisation."""
    out = set()
    for local, domain in re.findall(r"([\w.+-]*)@([A-Za-z0-9.-]+\.[A-Za-z]{2,})", tex):
        if local.lower() in _ROLE_MAILBOXES:  # `contact@datacomp.ai`: a project's, not a person's
            continue
        labels = [x for x in domain.lower().split(".") if x][:-1]  # the country or `com` goes
        while len(labels) > 1 and labels[-1] in _SECOND_LEVEL:  # `edu` of `hust.edu.cn`
            labels.pop()
        if labels:
            out.add(labels[-1].replace("-", ""))
    return out - _WEBMAIL


def names_domain(words: list[str], domains: set[str]) -> bool:
    """Whether a name's words (folded) spell an e-mail domain's organisation: one of them
    (`Circonus`, `KTH`), or all run together (`TU Berlin` for `tu-berlin.de`)."""
    return bool(domains & {*words, "".join(words)})
