"""The test run's own load cache (studrules.spec.cache): empty at the start
of every run, so the tests load every variant once from its text, then from
the cache, and never touch the user's."""

import os
import tempfile

os.environ["STUDRULES_CACHE"] = tempfile.mkdtemp(prefix="studrules-test-cache-")
