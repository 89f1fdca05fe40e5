"""The README's pictures: the demo day's HTML digest at phone width, and the triage page on a
desktop and a phone, in Debian's Chromium, with the default relevance floor.
`.venv/bin/python -m tests.screenshot_web` writes digests/example-2025-08-20.png and
digests/example-web-*.png."""

from __future__ import annotations

import os
import socket
import tempfile
import threading
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from monitor.assets import demo_curated, demo_feed
from monitor.config import load_settings
from monitor.web.app import create_app

from .conftest import REPO, run_radar, write_home


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = write_home(Path(tmp), Path(tmp) / "models")
        os.environ.pop("RADAR_HOME", None)
        run_radar("sync", "--offline", "--from-jsonl", str(demo_curated()), home=home)
        env = {"RADAR_RANK_EMBED_BACKEND": "torch", "RADAR_RANK_MIN_RELEVANCE": "0.35"}
        run_radar("run", "--feed", str(demo_feed()), "--offline", home=home, env=env)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        settings = load_settings(env={"RADAR_HOME": str(home), **env})
        server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox"])  # fmt: skip
            mail = browser.new_page(viewport={"width": 420, "height": 900})
            mail.goto((home / "digests" / "2025-08-20.html").as_uri())
            mail.screenshot(path=str(REPO / "digests" / "example-2025-08-20.png"), full_page=True)
            for name, size in (("desktop", (1100, 900)), ("phone", (390, 844))):
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.goto(url)
                page.keyboard.press("j")
                page.screenshot(path=str(REPO / "digests" / f"example-web-{name}.png"))
            browser.close()
        server.should_exit = True
        thread.join(30)


if __name__ == "__main__":
    main()
