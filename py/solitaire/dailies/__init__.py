"""The published tables of the daily deals, a module a game (see solitaire/daily.py)."""
