"""The fake Discord refuses what Discord refuses, on every route that sends a message: bodies
beyond Discord's limits and bodies invalid by its OpenAPI description (400, code 50035, the
errors nested by path), empty messages (50006); a refused request changes nothing and is
recorded. Requests go straight to the REST API, as a bot would send them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import RestClient
from tests.fakediscord import FakeDiscord, error_paths
from tests.fakediscord.state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    VALIDATED_FIRST,
    FakeState,
)

pytestmark = pytest.mark.refusals_expected

Body = dict[str, Any]


def button(custom_id: str = "go", **extra: Any) -> Body:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id, **extra}


def row(*components: Body) -> Body:
    return {"type": 1, "components": list(components)}


def select(*options: Body, **extra: Any) -> Body:
    return {"type": 3, "custom_id": "pick", "options": list(options), **extra}


def option(label: str = "a", value: str = "a", **extra: Any) -> Body:
    return {"label": label, "value": value, **extra}


def buttons(count: int) -> list[Body]:
    return [button(f"b{n}") for n in range(count)]


async def post(rest: RestClient, body: Any, files: dict[str, bytes] | None = None) -> Any:
    channel = rest.fake.channel("general")
    return await rest.request("POST", f"/channels/{channel.id}/messages", body, files)


def refused_at(fake: FakeDiscord, answer: Any, where: str, code: str) -> None:
    """`answer` is a 50035 naming `where` with `code`; the fake recorded it and changed nothing."""
    assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body", answer
    assert where in error_paths(answer["errors"]), answer
    node = answer["errors"]
    for part in where.split("."):
        node = node[part]
    assert code in [error["code"] for error in node["_errors"]], answer
    [refusal] = fake.refused_requests
    assert (refusal.status, refusal.body) == (400, answer)


@pytest.mark.parametrize(
    ("body", "where", "code"),
    [
        ({"content": "x" * 2001}, "content", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "x" * 257}]}, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "x" * 4097}]}, "embeds.0.description", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields",
         "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "x" * 257, "value": "v"}]}]}, "embeds.0.fields.0.name",
         "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "x" * 1025}]}]},
         "embeds.0.fields.0.value", "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"footer": {"text": "x" * 2049}}]}, "embeds.0.footer.text",
         "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"author": {"name": "x" * 257}}]}, "embeds.0.author.name",
         "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 1000,
          "footer": {"text": "x" * 1001}}]}, "embeds", "MAX_EMBED_SIZE_EXCEEDED"),
        ({"components": [row(b) for b in buttons(6)]}, "components", "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(*buttons(6))]}, "components.0.components", "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(button(), select(option()))]}, "components.0.components",
         "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
        ({"components": [row(select())]}, "components.0.components.0.options",
         "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(*[option(str(n), str(n)) for n in range(26)]))]},
         "components.0.components.0.options", "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(option(label="x" * 101)))]},
         "components.0.components.0.options.0.label", "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(option(value="x" * 101)))]},
         "components.0.components.0.options.0.value", "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(option(description="x" * 101)))]},
         "components.0.components.0.options.0.description", "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(select(option(), placeholder="x" * 151))]},
         "components.0.components.0.placeholder", "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(button(label="x" * 81))]}, "components.0.components.0.label",
         "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(button("x" * 101))]}, "components.0.components.0.custom_id",
         "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(button()), row(button())]}, "components.1.components.0.custom_id",
         "COMPONENT_CUSTOM_ID_DUPLICATED"),
        ({"components": [row({"type": 2, "style": 1, "label": "No id"})]},
         "components.0.components.0.custom_id", "BASE_TYPE_REQUIRED"),
    ],
)  # fmt: skip
async def test_each_message_limit_is_refused(
    rest: RestClient, fake_discord: FakeDiscord, body: Body, where: str, code: str
) -> None:
    status, answer = await post(rest, body)
    assert status == 400
    refused_at(fake_discord, answer, where, code)
    assert fake_discord.all_messages() == []


async def test_the_refusal_reads_like_discords(rest: RestClient) -> None:
    assert await post(rest, {"content": "x" * 2001}) == (
        400,
        {
            "code": 50035,
            "message": "Invalid Form Body",
            "errors": {
                "content": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_MAX_LENGTH",
                            "message": "Must be 2000 or fewer in length.",
                        }
                    ]
                }
            },
        },
    )


async def test_an_attachment_description_is_limited(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    body = {"attachments": [{"id": 0, "filename": "a.png", "description": "x" * 1025}]}
    status, answer = await post(rest, body, {"a.png": b"png"})
    assert status == 400
    refused_at(fake_discord, answer, "attachments.0.description", "BASE_TYPE_MAX_LENGTH")


async def test_a_message_at_every_limit_passes(rest: RestClient, fake_discord: FakeDiscord) -> None:
    embeds = [{"title": "x" * 256, "description": "x" * 344}] * 10  # 6,000 characters
    options = [option(f"{n:03}" + "x" * 97, f"{n:03}" + "v" * 97) for n in range(25)]
    components = [row(*buttons(5)[:4], button("last", label="x" * 80))]
    components += [row(*[button(f"r{r}b{b}") for b in range(5)]) for r in range(3)]
    components.append(row(select(*options, placeholder="x" * 150)))
    body = {"content": "x" * 2000, "embeds": embeds, "components": components}
    status, answer = await post(rest, body)
    assert status == 200, answer
    [message] = fake_discord.messages("general")
    assert message.content == "x" * 2000 and len(message.custom_ids) == 21
    fields = [{"name": "x" * 256, "value": "x" * 1024}] * 4
    embed = {"fields": fields, "footer": {"text": "x" * 256}, "author": {"name": "x" * 256}}
    assert (await post(rest, {"embeds": [embed]}))[0] == 200
    fake_discord.assert_no_refusals()


# -- every route that sends a message --------------------------------------------------------


def world(fake: FakeDiscord) -> Any:
    """Everything a refused request must leave as it was."""
    messages = [(m.id, m.snapshot(), m.edit_count) for m in fake.all_messages()]
    interactions = [(r.callback_type, r.followup_ids) for r in fake.state.interactions.values()]
    return messages, interactions


RouteSpec = tuple[str, str, Callable[[Body], Body], str]
"""Method, path, how a message body is wrapped for the route, the error path prefix."""
Route = Callable[[FakeDiscord], RouteSpec]


def channel_post(fake: FakeDiscord) -> RouteSpec:
    return "POST", f"/channels/{fake.channel('general').id}/messages", dict, ""


def channel_patch(fake: FakeDiscord) -> RouteSpec:
    channel = fake.channel("general")
    message = fake.state.create_message(channel, fake.bot_user, {"content": "before"})
    return "PATCH", f"/channels/{channel.id}/messages/{message.id}", dict, ""


def callback(kind: int) -> Route:
    def route(fake: FakeDiscord) -> RouteSpec:
        channel = fake.channel("general")
        source = fake.state.create_message(channel, fake.bot_user, {"content": "board"})
        record = fake.state.new_interaction(
            MESSAGE_COMPONENT if kind == 7 else APPLICATION_COMMAND, fake.users[0], channel, "t"
        )
        record.source_message = source if kind == 7 else None
        path = f"/interactions/{record.id}/{record.token}/callback"
        return "POST", path, lambda data: {"type": kind, "data": data}, "data."

    return route


def deferred(fake: FakeDiscord) -> Any:
    record = fake.state.new_interaction(
        APPLICATION_COMMAND, fake.users[0], fake.channel("general"), "t"
    )
    fake.state.interaction_callback(record, 5, {}, [])
    return record


def followup(fake: FakeDiscord) -> RouteSpec:
    record = deferred(fake)
    return "POST", f"/webhooks/{fake.application_id}/{record.token}", dict, ""


def webhook_patch(fake: FakeDiscord) -> RouteSpec:
    record = deferred(fake)
    path = f"/webhooks/{fake.application_id}/{record.token}/messages/@original"
    return "PATCH", path, dict, ""


ROUTES = {
    "channel post": channel_post,
    "channel edit": channel_patch,
    "callback message": callback(4),
    "callback update": callback(7),
    "followup": followup,
    "webhook edit": webhook_patch,
}


@pytest.mark.parametrize("name", ROUTES)
@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"description": "x" * 4097}]}, "embeds.0.description"),
        ({"content": "x", "components": [row(button()), row(button())]},
         "components.1.components.0.custom_id"),
        ({"content": 5}, "content"),
    ],
)  # fmt: skip
async def test_every_message_route_refuses_and_changes_nothing(
    rest: RestClient, fake_discord: FakeDiscord, name: str, body: Body, where: str
) -> None:
    fake_discord.add_user("ann")
    method, path, wrap, prefix = ROUTES[name](fake_discord)
    before = world(fake_discord)
    status, answer = await rest.request(method, path, wrap(body))
    assert status == 400 and answer["code"] == 50035, answer
    assert prefix + where in error_paths(answer["errors"]), answer
    assert world(fake_discord) == before
    [refusal] = fake_discord.refused_requests
    assert (refusal.method, refusal.path) == (method, "/api/v10" + path)
    valid = await rest.request(method, path, wrap({"content": "fine"}))
    assert valid[0] in (200, 204), valid
    assert len(fake_discord.refused_requests) == 1


@pytest.mark.parametrize(
    ("data", "where", "code"),
    [
        ({"choices": [{"name": str(n), "value": str(n)} for n in range(26)]}, "data.choices",
         "BASE_TYPE_MAX_LENGTH"),
        ({"choices": [{"name": "x" * 101, "value": "v"}]}, "data.choices.0.name",
         "BASE_TYPE_BAD_LENGTH"),
        ({"choices": [{"name": "n", "value": "x" * 101}]}, "data.choices.0.value",
         "BASE_TYPE_MAX_LENGTH"),
    ],
)  # fmt: skip
async def test_autocomplete_choices_are_limited(
    rest: RestClient, fake_discord: FakeDiscord, data: Body, where: str, code: str
) -> None:
    ann = fake_discord.add_user("ann")
    record = fake_discord.state.new_interaction(
        AUTOCOMPLETE, ann, fake_discord.channel("general"), "t"
    )
    path = f"/interactions/{record.id}/{record.token}/callback"
    status, answer = await rest.request("POST", path, {"type": 8, "data": data})
    assert status == 400
    refused_at(fake_discord, answer, where, code)
    assert record.callback_type is None
    choices = [{"name": "x" * 100, "value": "x" * 100}] * 25
    assert (await rest.request("POST", path, {"type": 8, "data": {"choices": choices}}))[0] == 204


async def test_a_modal_is_limited(rest: RestClient, fake_discord: FakeDiscord) -> None:
    ann = fake_discord.add_user("ann")
    record = fake_discord.state.new_interaction(
        APPLICATION_COMMAND, ann, fake_discord.channel("general"), "t"
    )
    path = f"/interactions/{record.id}/{record.token}/callback"
    text_input = {"type": 4, "custom_id": "t", "style": 1, "label": "Say"}
    modal = {"title": "x" * 46, "custom_id": "m", "components": [row(text_input)]}
    status, answer = await rest.request("POST", path, {"type": 9, "data": modal})
    assert status == 400
    refused_at(fake_discord, answer, "data.title", "BASE_TYPE_BAD_LENGTH")


# -- empty messages ----------------------------------------------------------------------------


async def test_an_empty_message_is_refused(rest: RestClient, fake_discord: FakeDiscord) -> None:
    assert await post(rest, {"content": ""}) == (
        400,
        {"code": 50006, "message": "Cannot send an empty message"},
    )
    assert (await post(rest, {"embeds": [], "components": []}))[0] == 400
    status, answer = await post(rest, {}, {"board.png": b"png"})
    assert status == 200 and answer["attachments"][0]["filename"] == "board.png"
    [message] = fake_discord.messages("general")
    channel = fake_discord.channel("general")
    path = f"/channels/{channel.id}/messages/{message.id}"
    assert (await rest.request("PATCH", path, {"content": ""}))[0] == 200  # the file stays
    status, answer = await rest.request("PATCH", path, {"content": "", "attachments": []})
    assert (status, answer["code"]) == (400, 50006)
    assert [message.attachments[0].filename] == ["board.png"]
    assert [r.body["code"] for r in fake_discord.refused_requests] == [50006] * 3


# -- the OpenAPI description -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"content": "x", "tts": "yes"}, "tts"),
        ({"content": "x", "message_reference": {"message_id": "abc"}},
         "message_reference.message_id"),
        ({"content": "x", "embeds": [{"title": 5}]}, "embeds.0.title"),
        ({"content": "x", "components": [row(button(style=9))]}, "components.0.components.0"),
    ],
)  # fmt: skip
async def test_a_body_invalid_by_the_spec_is_refused(
    rest: RestClient, fake_discord: FakeDiscord, body: Body, where: str
) -> None:
    for files in (None, {"a.png": b"png"}):
        status, answer = await post(rest, body, files)
        assert status == 400 and answer["code"] == 50035, answer
        assert any(path.startswith(where) for path in error_paths(answer["errors"])), answer
    assert fake_discord.all_messages() == []
    assert len(fake_discord.schema_violations) == 2
    violation = fake_discord.schema_violations[0]
    assert violation.method == "POST" and violation.messages


async def test_snowflakes_may_be_integers(rest: RestClient, fake_discord: FakeDiscord) -> None:
    mentions = {"parse": [], "users": [fake_discord.bot_user.id]}
    assert (await post(rest, {"content": "x", "allowed_mentions": mentions}))[0] == 200
    fake_discord.assert_no_refusals()


async def test_commands_and_dms_are_validated_too(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    path = f"/applications/{fake_discord.application_id}/guilds/{fake_discord.guild.id}/commands"
    status, _ = await rest.request("PUT", path, [{"name": "x" * 33, "description": "d"}])
    assert status == 400
    assert (await rest.request("POST", "/users/@me/channels", {"recipient_id": "me"}))[0] == 400
    assert [v.path for v in fake_discord.schema_violations] == [
        "/api/v10" + path,
        "/api/v10/users/@me/channels",
    ]


async def test_a_body_that_is_not_json_is_refused(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    channel = fake_discord.channel("general")
    async with rest.session.post(
        f"{fake_discord.api_url}/channels/{channel.id}/messages",
        data=b"{nope",
        headers={"Authorization": f"Bot {fake_discord.token}", "Content-Type": "application/json"},
    ) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 50109
    assert len(fake_discord.refused_requests) == 1


# -- the end-of-test check ---------------------------------------------------------------------


async def test_refusals_fail_the_test_unless_expected(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake_discord.assert_no_refusals()
    await post(rest, {"content": 5})
    with pytest.raises(AssertionError, match=r"POST /api/v10/channels/\d+/messages -> 400"):
        fake_discord.assert_no_refusals()


def sampled_state(one_in: int) -> FakeState:
    return FakeState(
        token="t", bot_name="b", guild_name="g", channel_names=("c",),
        interaction_deadline=None, validate_one_in=one_in,
    )  # fmt: skip


def test_a_load_run_checks_the_first_bodies_of_each_route_then_one_in_n() -> None:
    state = sampled_state(10)
    due = [state.validation_due("POST", "/a") for _ in range(VALIDATED_FIRST + 20)]
    assert due[:VALIDATED_FIRST] == [True] * VALIDATED_FIRST
    assert [n for n, d in enumerate(due) if d][VALIDATED_FIRST:] == [20, 30]
    assert state.validation_due("PATCH", "/a")  # each route counts on its own
    every = sampled_state(1)
    assert all(every.validation_due("POST", "/a") for _ in range(100))
