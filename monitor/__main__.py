"""`python -m monitor` is the `radar` command."""

from monitor.cli import main

main()
