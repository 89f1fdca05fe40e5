"""arxiv-radar: a daily arXiv monitor and recommender for a curated reading list."""

__version__ = "0.1.0"
