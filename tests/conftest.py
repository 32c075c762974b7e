import os

from hypothesis import settings

# CI runs more examples than a quick local run; both are deterministic per seed.
settings.register_profile("ci", max_examples=300, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=60, deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
