"""The identity provider of the served notebooks (``ratingkit/workshop/share/voila.json``).

When a page closes, Voila's page script shuts its kernel down with a POST to
``voila/api/shutdown/<kernel>`` that carries the ``_xsrf`` cookie's value, as jupyter_server's
XSRF check asks of every POST.  But Voila's page handler never reads ``xsrf_token``, so tornado
never sets that cookie: the POST goes out with an empty value, the server answers
``403 '_xsrf' argument missing from POST``, and the kernel lives on until the culler ends it
(voila-dashboards/voila#1458).  Here the page's own response sets the cookie, before the page
starts streaming, so the shutdown succeeds; the XSRF check itself stays as it is.
"""

from __future__ import annotations

from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from voila.handler import BaseVoilaHandler  # type: ignore[import-untyped]


class PageIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, which also gives each page its ``_xsrf`` cookie."""

    async def get_user(self, handler: Any) -> Any:
        user = await ensure_async(super().get_user(handler))
        if handler.request.method == "GET" and isinstance(handler, BaseVoilaHandler):
            # Called in the handler's prepare(), before the page's first byte. tornado's
            # ``xsrf_token`` sets the cookie when the browser has none; it reads the user,
            # which prepare() sets next to this same value.
            handler.current_user = user
            handler.xsrf_token  # noqa: B018 (read for its side effect: the cookie)
        return user
