"""The only code that talks to an LLM: an OpenAI-compatible chat endpoint writing summaries.

Optional (`[llm] base_url` and `model`; the key from RADAR_LLM_API_KEY). Chinese summaries
follow the reader's digests: one or two sentences, about 100–150 characters, problem → method
→ result with its figures, system names kept in English. An answer that is not a summary in
the asked language is an `LlmError`, and the caller falls back to the extractive summary.
"""

from __future__ import annotations

import re
from typing import Any

import requests

from monitor.config import LlmSettings
from monitor.errors import LlmError, LlmUnavailable
from monitor.paper import Paper

_CJK = re.compile(r"[\u4e00-\u9fff]")
PROMPTS = {
    "zh": (
        "你是机器学习系统（分布式训练、混合专家模型、推理系统）方向的研究助理。"
        "请用一到两句中文概括论文，约100到150字：针对什么问题，提出什么方法，取得什么结果"
        "（保留关键数字）。方法名和系统名保留英文原文。只输出概括本身，不要标题、列表或引号。"
    ),
    "en": (
        "You are a research assistant in machine-learning systems (distributed training, "
        "mixture-of-experts, inference). Summarise the paper in one or two sentences, at most "
        "60 words: the problem, the method, and the result with its key numbers. Keep system "
        "names as written. Output only the summary, no heading, list or quotes."
    ),
}
_LIMITS = {"zh": (40, 300), "en": (10, 90)}  # characters for zh, words for en


class ChatSummarizer:
    """Summaries from `POST {base_url}/chat/completions`."""

    def __init__(self, settings: LlmSettings, language: str) -> None:
        self.settings = settings
        self.language = language
        self.session = requests.Session()
        if settings.api_key:
            self.session.headers["Authorization"] = f"Bearer {settings.api_key}"

    @property
    def cache_kind(self) -> str:
        """The cache key part: a summary is reused only for the same language and model."""
        return f"summary:{self.language}:{self.settings.model}"

    def summarize(self, paper: Paper) -> str:
        body = {
            "model": self.settings.model,
            "temperature": 0.2,
            "messages": [
                {"role": "system", "content": PROMPTS[self.language]},
                {"role": "user", "content": f"Title: {paper.title}\n\nAbstract: {paper.abstract}"},
            ],
        }
        url = self.settings.base_url.rstrip("/") + "/chat/completions"
        try:
            response = self.session.post(url, json=body, timeout=self.settings.timeout_seconds)
        except requests.RequestException as err:
            raise LlmUnavailable(f"{url} unreachable ({type(err).__name__})") from err
        if response.status_code != 200:
            raise LlmUnavailable(f"{url} answered HTTP {response.status_code}")
        return self._checked(_content(response))

    def _checked(self, text: str) -> str:
        text = " ".join(text.strip().strip('"“”').split())
        low, high = _LIMITS[self.language]
        size = len(text) if self.language == "zh" else len(text.split())
        if not low <= size <= high:
            unit = "characters" if self.language == "zh" else "words"
            raise LlmError(f"the answer has {size} {unit}, expected {low} to {high}")
        if self.language == "zh" and len(_CJK.findall(text)) < low // 2:
            raise LlmError("the answer is not in Chinese")
        return text


def _content(response: requests.Response) -> str:
    try:
        data: Any = response.json()
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as err:
        raise LlmError("the answer is not an OpenAI chat completion") from err
    if not isinstance(content, str):
        raise LlmError("the answer has no text content")
    return content
