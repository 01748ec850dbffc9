"""The HTTP API in process: health, accounts, the lobby, malformed bodies, sessions."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import new_table, sign_up, use

from pokernight.web.messages import schema


def test_health_and_empty_lobby(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    assert client.get("/api/tables").json() == []


def test_front_end_is_served_from_the_package(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200


def test_creating_a_table_needs_a_session(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "draw", "seats": 2})
    assert response.status_code == 401
    assert "sign in" in response.json()["detail"]


def test_malformed_and_impossible_tables_are_refused_with_a_message(client: TestClient) -> None:
    sign_up(client, "ann")
    bad_json = client.post(
        "/api/tables", content=b"{game", headers={"content-type": "application/json"}
    )
    assert bad_json.status_code == 422 and bad_json.json()["detail"]
    for body, words in [
        ({"game": "chess", "seats": 2}, "unknown game"),
        ({"game": "draw", "seats": 5}, "draw seats 2 players, not 5"),
        ({"game": "bigtwo", "seats": 4, "computers": {"1": "genius"}}, "unknown bot 'genius'"),
        ({"game": "hurricane", "seats": 3, "computers": {"1": "expert:wild"}}, "levels are"),
        ({"game": "draw", "seats": 2, "computers": {"0": "computer", "1": "random"}}, "a person"),
        ({"game": "paigow", "seats": 1, "options": {"bank": "moon"}}, "not offered"),
    ]:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, body
        assert words in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_sign_up_sign_in_and_the_cookie(client: TestClient) -> None:
    response = client.post("/api/signup", json={"name": "bea", "password": "long-enough"})
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    assert client.get("/api/me").json()["name"] == "bea"
    assert (
        client.post("/api/signup", json={"name": "bea", "password": "long-enough"}).status_code
        == 400
    )
    use(client, None)
    assert client.get("/api/me").status_code == 401
    wrong = client.post("/api/signin", json={"name": "bea", "password": "not-the-one"})
    assert wrong.status_code == 400 and "wrong name or password" in wrong.json()["detail"]
    right = client.post("/api/signin", json={"name": "bea", "password": "long-enough"})
    assert right.status_code == 200 and right.json()["bankroll"] == 0


def test_guests_play_the_computer_alone(client: TestClient) -> None:
    client.cookies.clear()
    assert client.post("/api/guest").status_code == 200
    alone = new_table(client, "draw", 2, {1: "computer"})
    with_people = new_table(client, "hurricane", 3, {2: "random"})
    assert client.post(f"/api/tables/{alone}/sit", json={"seat": 0}).status_code == 200
    refused = client.post(f"/api/tables/{with_people}/sit", json={"seat": 0})
    assert refused.status_code == 400 and "guests" in refused.json()["detail"]


def test_seats_taken_and_computer_seats_are_refused(client: TestClient) -> None:
    sign_up(client, "cy")
    table = new_table(client, "hurricane", 3, {2: "random"})
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 2}).status_code == 400
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 200
    sign_up(client, "di")
    taken = client.post(f"/api/tables/{table}/sit", json={"seat": 0})
    assert taken.status_code == 400 and "taken" in taken.json()["detail"]
    seats = client.get("/api/tables").json()[0]["seats"]
    assert [s["player"] for s in seats] == ["cy", None, None]


def test_the_documented_schema_is_the_models_schema() -> None:
    written = Path(__file__).parents[2] / "docs" / "websocket-schema.json"
    assert json.loads(written.read_text()) == schema()


def test_the_games_name_the_levelled_bots_and_a_table_keeps_the_level(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert games["hurricane"]["levels"] == {
        "expert": {"names": ["easy", "medium", "hard"], "default": "hard"}
    }
    assert games["draw"]["levels"] == {}
    sign_up(client, "ann")
    new_table(client, "hurricane", 3, {1: "expert:easy", 2: "expert"})
    seats = client.get("/api/tables").json()[0]["seats"]
    assert [s["computer"] for s in seats] == [None, "expert:easy", "expert"]
