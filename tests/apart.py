"""Event loops of their own thread, for the tests that speak a protocol: a worker that ran the
browser tests keeps Playwright's loop running in its main thread (its browser lasts the session),
where ``asyncio.run`` or a tornado test case's loop would refuse to start."""

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_apart(coroutine):
    """Run a coroutine to its end on an event loop of its own thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Apart:
    """A unittest case (put before ``tornado.testing.AsyncHTTPTestCase``) whose set-up, test and
    tear-down run in a thread of their own, so that its loop starts whatever the worker ran before."""

    def run(self, result=None):
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(super().run, result).result()
