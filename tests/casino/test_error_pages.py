"""403, 404 and 500 in the site's layout and the reader's language, with the header and a way
back (issue 27 item 3): never a bare "403 Forbidden"."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from tests.conftest import new_player


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title", "nav"),
    [("ru", "Нет доступа", "Лобби"), ("en", "No access", "Lobby")],
)
def test_a_player_refused_a_staff_page_sees_why_in_the_site_s_layout(client, language, title, nav):
    player = new_player()
    client.force_login(player)
    client.cookies["django_language"] = language
    answer = client.get(reverse("pit"), HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 403
    page = answer.content.decode()
    assert f"<h1>{title}</h1>" in page
    assert nav in page and 'class="site-header"' in page
    assert f'href="{reverse("lobby")}"' in page
    assert "Forbidden" not in page


@pytest.mark.django_db
def test_an_unknown_page_is_a_404_in_the_site_s_layout(client):
    client.force_login(new_player())
    answer = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 404
    page = answer.content.decode()
    assert "Страница не найдена" in page and 'class="site-header"' in page
    assert "Not Found" not in page


def test_a_server_error_page_renders_without_a_request_context():
    request = RequestFactory().get("/")
    with translation.override("ru"):
        answer = defaults.server_error(request)
    assert answer.status_code == 500
    page = answer.content.decode()
    assert "Что-то пошло не так" in page and reverse("lobby") in page
