"""Double-click entry: starts Tabletop Derby, nothing else. Works from any folder."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["play"]))
