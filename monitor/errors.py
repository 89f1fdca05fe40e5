"""The exception hierarchy. Only `cli.py` turns these into messages and exit codes."""


class RadarError(Exception):
    """Base of every error arxiv-radar raises on purpose; its message is one line for the user."""

    exit_code = 1


class ConfigError(RadarError):
    """A settings file or environment variable is missing, unknown or of the wrong type."""

    exit_code = 2


class ReadingListError(RadarError):
    """A reading-list file cannot be read or written."""

    exit_code = 2


class InputError(RadarError):
    """A user-supplied data file (JSONL, Markdown) is malformed."""

    exit_code = 2


class StoreError(RadarError):
    """The SQLite store is unusable (newer schema, corrupt file)."""

    exit_code = 1


class FetchError(RadarError):
    """arXiv could not be reached, or answered with something we cannot use."""

    exit_code = 3


class OutputError(RadarError):
    """A digest or list file cannot be written (folder not writable, disk full)."""

    exit_code = 4


class DeliveryError(RadarError):
    """A digest could not be delivered (SMTP)."""

    exit_code = 4


class FeedError(FetchError):
    """arXiv answered, but the listing is unusable: truncated, unparseable or stale."""

    exit_code = 5


class LlmError(RadarError):
    """The summary endpoint failed or answered something unusable; the caller falls back."""

    exit_code = 1


class LlmUnavailable(LlmError):
    """The endpoint did not answer (unreachable, timeout, HTTP error): asking again soon is
    likely to fail the same way."""
