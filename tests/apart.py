"""A coroutine run on an event loop of its own thread, for the tests that speak a protocol."""

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_apart(coroutine):
    """Run a coroutine to its end on an event loop of its own thread: a worker that ran the browser
    tests keeps Playwright's loop running in this thread (its browser lasts the session), where
    ``asyncio.run`` would refuse to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
