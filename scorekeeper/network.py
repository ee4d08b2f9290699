"""Where other phones can reach this app: the machine's LAN address and the root of the links
the app hands out (share links, QR codes, the API's ``view_url``/``edit_url``).

A scorekeeper who opens the app on the laptop that serves it (``http://127.0.0.1:5000``) would
otherwise hand out links only that laptop can open. When the app listens on every interface
(config ``LAN_LINKS``, which ``make run``'s server sets: ``scorekeeper.serve``) and a request
came to a loopback address, links use the machine's LAN address and the request's port
instead; a server bound to 127.0.0.1 alone keeps its own address, the only one that answers.
``SCOREKEEPER_BASE_URL`` (config ``BASE_URL``), when set, always wins (a reverse proxy, a name
on the network).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for


def lan_address() -> str | None:
    """This machine's address on its local network, or ``None`` when it has none.

    Connecting a UDP socket picks the route (and so the source address) without sending
    anything, so it works with no internet as long as the machine is on a network.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, without port) names this machine only."""
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(
            ".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def public_root() -> str:
    """``scheme://host[:port]`` (no trailing slash) that links for other phones start with."""
    base = str(current_app.config.get("BASE_URL") or "").strip()
    if base:
        return base.rstrip("/")
    parts = urlsplit(request.host_url)
    if current_app.config.get("LAN_LINKS") and parts.hostname and is_loopback(parts.hostname):
        lan = lan_address()
        if lan is not None:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}"
    return request.host_url.rstrip("/")


def public_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as a full link other phones can open."""
    return public_root() + url_for(endpoint, **values)
