"""The local web page: today's picks as cards, the rest of the day, shortlist, history and
search, with triage and promote actions (POST only, CSRF-checked). `radar web` serves it;
`radar serve` serves it next to the scheduler."""
