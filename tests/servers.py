"""Real local servers for tests: an HTTP server on 127.0.0.1 that replays recorded responses."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0


@dataclass
class Recorder:
    """What the server saw: each request's path and headers."""

    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)  # of POST requests

    @property
    def paths(self) -> list[str]:
        return [p for p, _ in self.requests]


Route = Callable[[str], Reply]


@contextmanager
def http_server(route: Route) -> Iterator[tuple[str, Recorder]]:
    """Serve `route(path)` on 127.0.0.1 at a free port; yields (base URL, recorder)."""
    recorder = Recorder()
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            recorder.requests.append((self.path, dict(self.headers.items())))
            recorder.times.append(time.monotonic())
            reply = route(self.path)
            if reply.delay:
                stop.wait(reply.delay)
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._send(reply)  # the client may have given up (a timeout test)

        def do_POST(self) -> None:
            recorder.bodies.append(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            self.do_GET()

        def _send(self, reply: Reply) -> None:
            self.send_response(reply.status)
            for name, value in reply.headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", recorder
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
