"""The gate's host check on its own: which names a request may be addressed to (DNS rebinding)."""

from __future__ import annotations

import pytest

from idoubtit.server.config import ServerConfig
from idoubtit.server.gate import HostCheck


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8000",
        "10.0.0.7",
        "[::1]:8000",
        "[fe80::1]",
        "localhost",
        "LOCALHOST:80",
        "a.localhost",
        "tabletop",
        "tabletop.local:8000",
        None,
    ],
)
def test_addresses_localhost_and_the_machines_own_names_are_served(host: str | None) -> None:
    assert HostCheck(ServerConfig(), machine="Tabletop").allows(host)


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "tabletop.evil", "", "a b", "x/y", "h:port"]
)
def test_other_names_and_malformed_hosts_are_refused(host: str) -> None:
    assert not HostCheck(ServerConfig(), machine="tabletop").allows(host)


def test_the_public_urls_host_and_allowed_hosts_are_served_and_star_serves_any() -> None:
    config = ServerConfig(public_url="https://Cards.Example.org/play", allowed_hosts=("other.lan.",))
    check = HostCheck(config, machine="")
    for host in ("cards.example.org", "other.lan:9000", "other.lan."):
        assert check.allows(host), host
    assert not check.allows("www.cards.example.org")
    assert HostCheck(ServerConfig(allowed_hosts=("*",)), machine="").allows("anything.example")


@pytest.mark.parametrize("name", ["http://cards.example.org", "cards.example.org:80", "a/b", "-a.example", ""])
def test_an_allowed_host_that_is_not_a_name_is_refused_with_what_is_allowed(name: str) -> None:
    with pytest.raises(ValueError, match="an allowed host is a name such as"):
        ServerConfig(allowed_hosts=(name,))
