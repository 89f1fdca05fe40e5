"""A real SMTP server on 127.0.0.1 (aiosmtpd) that keeps what it received."""

from __future__ import annotations

import email
import socket
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.envelopes: list[list[str]] = []

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if address.startswith("bounce"):
            return "550 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        self.envelopes.append(list(envelope.rcpt_tos))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp_server(tmp_path: Path) -> Iterator[tuple[Controller, Inbox, dict[str, str]]]:
    """A real SMTP server on 127.0.0.1 requiring STARTTLS and a password."""
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    context = cert.ssl_context_for_server() if hasattr(cert, "ssl_context_for_server") else None
    if context is None:
        import ssl

        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        cert.configure_cert(context)
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    inbox = Inbox()

    def authenticate(
        server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"me", b"s3cret")
        return AuthResult(success=ok, handled=False)  # let the server answer 535

    port = free_port()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        tls_context=context,
        require_starttls=True,
        authenticator=authenticate,
        auth_require_tls=True,
    )
    controller.start()
    env = {
        "RADAR_SMTP_HOST": "127.0.0.1",
        "RADAR_SMTP_PORT": str(port),
        "RADAR_SMTP_USERNAME": "me",
        "RADAR_SMTP_PASSWORD": "s3cret",
        "RADAR_SMTP_SENDER": "radar@example.org",
        "RADAR_SMTP_RECIPIENTS": "a@example.org,b@example.org",
        "RADAR_SMTP_CA_FILE": str(ca_file),
    }
    try:
        yield controller, inbox, env
    finally:
        controller.stop()
