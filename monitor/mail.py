"""Delivering a digest: a multipart (text + HTML) message, by SMTP or into a local outbox.

SMTP uses STARTTLS or implicit TLS, never plaintext: a server without STARTTLS is an error, not
a downgrade. Without an SMTP host the message is written to `digests/outbox/` as an .eml file.
"""

from __future__ import annotations

import smtplib
import ssl
from datetime import date
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path

from monitor.config import SmtpSettings
from monitor.digest import Digest, write_atomic
from monitor.errors import DeliveryError


def build_message(
    digest: Digest, text: str, html: str, smtp: SmtpSettings, to: str, message_id: str
) -> EmailMessage:
    """The digest as a multipart mail (text and HTML) to one recipient."""
    message = EmailMessage()
    message["Subject"] = digest.subject
    message["From"] = smtp.sender or "arxiv-radar@localhost"
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message


def send_smtp(message: EmailMessage, smtp: SmtpSettings, to: str, timeout: float = 30.0) -> None:
    """Send to one address over TLS (STARTTLS or implicit); a failure is one DeliveryError."""
    context = ssl.create_default_context(cafile=smtp.ca_file or None)
    where = f"{smtp.host}:{smtp.port}"
    try:
        if smtp.security == "tls":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                smtp.host, smtp.port, timeout=timeout, context=context
            )
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=timeout)
            client.starttls(context=context)
        with client:
            if smtp.username:
                client.login(smtp.username, smtp.password)
            client.send_message(message, to_addrs=[to])
    except smtplib.SMTPNotSupportedError as err:
        raise DeliveryError(
            f"SMTP {where} offers no STARTTLS; refusing to send in plaintext"
        ) from err
    except smtplib.SMTPAuthenticationError as err:
        raise DeliveryError(f"SMTP {where} rejected the login ({err.smtp_code})") from err
    except (smtplib.SMTPException, OSError) as err:
        raise DeliveryError(f"SMTP {where} failed: {type(err).__name__}: {err}") from err


def write_outbox(message: EmailMessage, outbox: Path, day: date) -> Path:
    path = outbox / f"{day}.eml"
    write_atomic(path, message.as_string())
    return path
