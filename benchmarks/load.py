"""Median time to load and validate each shipped variant (issue 3: "under 5 ms
median once the package is imported").

Each run is a fresh load: the file is read and parsed, ``extends`` resolved,
options applied, the schema checked, the model built (expressions compiled)
and the semantic checks run. Only what the package keeps for its lifetime is
warm: the compiled schema validator and the expression parser. The cache of
expression parse trees is emptied before every load, so every expression is
parsed again each time, and the load cache between runs
(``studrules.spec.cache``) is off: every load reads the YAML text.

    python benchmarks/load.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["STUDRULES_CACHE"] = "off"  # a fresh load each time, not a kept one

from studrules.spec import expression_parser
from studrules.spec.loader import load_variant, shipped_variants

TARGET_MS = 5.0


def _forget_parsed_expressions() -> None:
    expression_parser.parse.cache_clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="loads per variant (default 200)")
    args = parser.parse_args()
    files = shipped_variants()
    load_variant(files[0])  # import and compile what the package keeps for its lifetime
    medians = {}
    for path in files:
        times = []
        for _ in range(args.runs):
            _forget_parsed_expressions()
            start = time.perf_counter()
            load_variant(path)
            times.append(time.perf_counter() - start)
        medians[path.stem] = statistics.median(times) * 1000
    width = max(map(len, medians))
    for name, ms in medians.items():
        print(f"{name:<{width}}  {ms:6.2f} ms")
    worst = max(medians.values())
    print(
        f"{'worst median':<{width}}  {worst:6.2f} ms  (target < {TARGET_MS} ms: {'met' if worst < TARGET_MS else 'NOT met'})"
    )
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
