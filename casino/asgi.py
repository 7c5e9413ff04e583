"""ASGI entry point: HTTP through Django, websockets through Channels.

Websockets are wrapped in SameOriginValidator(AuthMiddlewareStack(...)): a socket from another
origin (scheme, host and port: casino/origins.py) is refused before any consumer runs, and
consumers see the session's user; and in
ClosedSocketSends, so a frame sent to a socket that just closed is dropped, not a crash.
With an in-memory layer the first request or socket starts the table clock (tables/clock.py).
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from casino.origins import SameOriginValidator  # noqa: E402
from casino.realtime import ClosedSocketSends  # noqa: E402
from casino.routing import websocket_urlpatterns  # noqa: E402
from tables.clock import StartsTheClock  # noqa: E402

application = StartsTheClock(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": ClosedSocketSends(
                SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
            ),
        }
    )
)

# Everything loaded so far (Django, the apps: ~99,000 objects) lives as long as the process:
# frozen out of the collector's reach. A full collection walks every tracked object (~100 ms for
# these on this machine, every socket of the process waiting); frozen, it walks only what the
# process made since.
gc.freeze()
