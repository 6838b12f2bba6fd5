"""Rules engine of the solitaire collection.

Pure, deterministic and standard library only: it runs the same under
CPython >= 3.11 and under Pyodide's Python, and never touches the browser.
"""

__version__ = "0.1.0"
