import sys
from pathlib import Path

# The engine lives in py/; the helpers of the tests sit beside them.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
