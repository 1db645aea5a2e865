"""`python -m assistant` is the `gpu-advisor` command."""

from assistant.cli import main

raise SystemExit(main())
