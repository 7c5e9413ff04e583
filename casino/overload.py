"""What a caller gets when the connection budget is spent (issue 28 item 2; casino/settings.py).

On PostgreSQL every database connection of a process is lent by Django's psycopg pool of at most
``DB_POOL_MAX``. Two doors keep a burst from turning into hangs or 500s:

- ``OverloadMiddleware``: at most ``HTTP_THREADS`` requests of a process run at once (each runs
  its views on a thread of its own, holding a connection while it works); more wait their turn
  for ``DB_POOL_TIMEOUT`` seconds, then get the 503 page. Static files and every request past
  the door are untouched.
- ``is_overload``: an error that is the pool's timeout (psycopg_pool.PoolTimeout, wrapped by
  Django in an OperationalError): a view that raises it answers the 503 page
  (``OverloadMiddleware.process_exception``), a socket sends its error frame
  (``overload_message``), never a traceback.

The page is rendered without the database (no context processors, no session): it is what a
caller gets exactly when the database cannot be reached in time.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

try:
    from psycopg_pool import PoolTimeout
except ImportError:  # pragma: no cover (psycopg-pool is in requirements.txt)
    PoolTimeout = None

OVERLOAD = gettext_noop("The server is overloaded: please try again in a moment.")
RETRY_AFTER_SECONDS = 5


def is_overload(error: BaseException | None) -> bool:
    """Whether `error` (or what caused it) is the pool's timeout: no connection in time."""
    seen = set()
    while error is not None and id(error) not in seen:
        if PoolTimeout is not None and isinstance(error, PoolTimeout):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def overload_message() -> str:
    """The sentence, in the active language."""
    return gettext(OVERLOAD)


def overloaded_response(request) -> HttpResponse:
    """503 with a short page in the caller's language, rendered without the database."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        html = render_to_string(
            "casino/overloaded.html",
            {"message": overload_message(), "language": language, "path": request.path},
        )
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class OverloadMiddleware:
    """The door of the HTTP requests of a process (see the module). Put it before every
    middleware that may read the database (after the static files)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)
        self._gates: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}

    def __call__(self, request):
        if self.async_mode:
            return self.__acall__(request)
        return self.get_response(request)  # one request at a time per thread: no door needed

    def _gate(self) -> asyncio.Semaphore | None:
        size = settings.HTTP_THREADS
        if size <= 0:
            return None
        loop = asyncio.get_running_loop()
        gate = self._gates.get(loop)
        if gate is None:
            gate = self._gates[loop] = asyncio.Semaphore(size)
        return gate

    async def __acall__(self, request):
        gate = self._gate()
        if gate is None:
            return await self.get_response(request)
        try:
            await asyncio.wait_for(gate.acquire(), timeout=settings.DB_POOL_TIMEOUT)
        except TimeoutError:
            return overloaded_response(request)
        try:
            return await self.get_response(request)
        finally:
            gate.release()

    def process_exception(self, request, exception):
        if is_overload(exception):
            return overloaded_response(request)
        return None
