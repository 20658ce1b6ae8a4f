"""``python -m game`` / ``tabletop-derby``: the command line is ``game.cli``."""

from __future__ import annotations

import sys

from game.cli import (  # noqa: F401 - still offered here (tests, tools, the entry point)
    build_parser,
    check_args,
    display_problem,
    main,
)

if __name__ == "__main__":
    sys.exit(main())
