"""Exploring from a position: lines of play (`game`), perft, goals, search and sweeps over dealt hands."""
