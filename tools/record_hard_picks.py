"""Record what the hard computers decide at a fixed set of positions (issue #40): the
reference ``tests/test_search_speed.py`` holds the faster searches to.

    PYTHONPATH=<a checkout> python tools/record_hard_picks.py [--out FILE] [--case NAME]

Run with the ``game`` of the commit to record from on PYTHONPATH (the reference in the
repository was recorded from 5be4d3f, before the searches were made cheaper); the cases
and what is recorded are ``tests/search_record.py``'s.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT))  # after PYTHONPATH: the game recorded from comes first
# this checkout's cases, by path: the tests package on PYTHONPATH may be another commit's
_SPEC = importlib.util.spec_from_file_location("search_record", ROOT / "tests/search_record.py")
assert _SPEC is not None and _SPEC.loader is not None
record = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(record)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests/corpus/search/hard_picks.json")
    parser.add_argument("--case", action="append", help="only these cases (default: all)")
    args = parser.parse_args()
    names = args.case or [c[0] for c in record.CASES]
    found = json.loads(args.out.read_text()) if args.out.exists() else {}
    for name in names:
        found[name] = record.decisions(name)
        print(f"{name}: {len(found[name])} positions", flush=True)
    args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
