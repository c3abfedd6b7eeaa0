"""The test run's own load cache (studrules.spec.cache): empty at the start
of every run, so the tests load every variant once from its text, then from
the cache, and never touch the user's; removed when the run ends."""

import atexit
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="studrules-test-cache-")
os.environ["STUDRULES_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
