"""Serving the page: on loopback by default; elsewhere only with RADAR_WEB_TOKEN."""

from __future__ import annotations

import ipaddress
import threading

from monitor.config import Settings
from monitor.errors import ConfigError


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server(settings: Settings, host: str, port: int) -> object:
    """A uvicorn server for this home's page (not started)."""
    import uvicorn

    from monitor.web.app import create_app

    token = settings.web.token or None
    if not _loopback(host) and token is None:
        raise ConfigError(
            f"refusing to serve on {host}: outside loopback the page needs RADAR_WEB_TOKEN "
            "(every request must then carry it)"
        )
    app = create_app(settings, token)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    return uvicorn.Server(config)


def serve_forever(settings: Settings, host: str, port: int) -> None:
    """`radar web`: serve until Ctrl-C / SIGTERM."""
    web = server(settings, host, port)
    web.run()  # type: ignore[attr-defined]


def serve_in_thread(settings: Settings) -> threading.Thread:
    """`radar serve`: the page next to the scheduler, in the same process."""
    web = server(settings, settings.web.host, settings.web.port)
    thread = threading.Thread(target=web.run, name="radar-web", daemon=True)  # type: ignore[attr-defined]
    thread.start()
    return thread
