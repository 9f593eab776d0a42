"""ConfigFiles, text and binary resources (`open_file`) and `scan`, on the engines' files."""

import json

import pytest

import gdvariant as gd

from conftest import FIXTURES

RES = FIXTURES / "resources"
SCAN = FIXTURES / "scan"
PASSWORD = "pässwörd-🔑-Ключ"
KEY = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186"


@pytest.mark.parametrize("engine,godot", [("g36", 3), ("g4", 4)])
def test_config_reads_as_the_engine_wrote_it(engine, godot):
    path = RES / engine / "settings.cfg"
    f = gd.open_file(path)
    assert (f.kind, f.godot, f.encrypted) == ("config", godot, False)
    assert f.get("display/width") == 1920
    assert f.get("display/int_min") == -9223372036854775808
    assert f.get("display/third") == (0.3333333333333333 if godot == 4 else 0.333333)
    assert f.get("player/pos") == gd.Vector2(12.5, -3.25)
    assert f.get("player/name").startswith('Zoë "quoted" \\back\\slash')
    assert f.get("data/inventory") == ["sword", 3, 0.5, None, True, gd.Vector2(1, 1)]
    assert f.get("weird section. ünï/key with spaces") == "v"
    assert f.get("weird section. ünï/a/b") == 2
    spaced = "Vector2( 12.5, -3.25 )" if godot == 3 else "Vector2(12.5, -3.25)"
    assert f.literal("player/pos") == spaced
    # ConfigFile.save()'s own file writes back to itself.
    assert f.show() == path.read_text()
    assert f.text == path.read_text()
    assert f.to_bytes() == path.read_bytes()
    with pytest.raises(KeyError):
        f.get("display/nope")
    with pytest.raises(KeyError):
        f.get("display")


def test_config_json():
    f = gd.open_file(RES / "g4" / "settings.cfg")
    data = json.loads(f.to_json())
    assert list(data) == ["display", "player", "data", "weird section. ünï"]
    assert data["display"]["width"] == 1920
    assert data["display"]["int64"] == 9007199254740993
    assert data["player"]["pos"] == {"Vector2": [12.5, -3.25]}


def test_config_edits_keep_the_file():
    path = RES / "g4" / "settings.cfg"
    text = path.read_text()
    f = gd.open_file(path.read_bytes())
    f.set("display/width", 1280)
    f.set("player/pos", gd.Vector2(0.5, 2))
    f.set_text("display/vsync", "false")
    assert f.delete("display/tiny") is True
    assert f.delete("display/tiny") is False
    f.set("new section/hp", 7)
    expected = (
        text.replace("width=1920", "width=1280")
        .replace("pos=Vector2(12.5, -3.25)", "pos=Vector2(0.5, 2)")
        .replace("vsync=true", "vsync=false")
        .replace("tiny=1e-07\n", "")
        + "\n[new section]\n\nhp=7\n"
    )
    assert f.text == expected
    assert f.to_bytes() == expected.encode()
    again = gd.open_file(f.to_bytes())
    assert again.get("display/width") == 1280
    assert again.get("new section/hp") == 7
    with pytest.raises(gd.DecodeError) as e:
        f.set_text("display/width", "Vector2(1,")
    assert e.value.kind == "bad_config"


@pytest.mark.parametrize(
    "engine,file,secret",
    [
        ("g4", "settings_pass.cfg", {"password": PASSWORD}),
        ("g4", "settings_key.cfg", {"key": KEY}),
        ("g36", "settings_pass.cfg", {"password": PASSWORD}),
        ("g36", "settings_key.cfg", {"key": bytes.fromhex(KEY)}),
    ],
)
def test_encrypted_config_stays_encrypted(engine, file, secret):
    data = (RES / engine / file).read_bytes()
    f = gd.open_file(data, **secret)
    assert f.encrypted
    assert f.godot == (3 if engine == "g36" else 4)
    assert f.show() == (RES / engine / "settings.cfg").read_text()
    f.set("display/width", 640)
    out = f.to_bytes()
    assert out[:4] == b"GDEC"
    again = gd.open_file(out, **secret)
    assert again.get("display/width") == 640
    assert again.text == (RES / engine / "settings.cfg").read_text().replace("width=1920", "width=640")
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(out, password="wrong")
    assert e.value.kind == "wrong_key"
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(out)
    assert e.value.kind == "needs_key"


def test_godot32_settings_read_in_no_engine():
    # 3.2.3 writes the key `quote"key` raw; no engine reads it back (the config tests).
    text = (RES / "g32" / "settings.cfg").read_text()
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(RES / "g32" / "settings.cfg")
    assert e.value.kind == "bad_config"
    assert e.value.offset == text.encode().find(b'"key=3')


@pytest.mark.parametrize("engine,godot", [("g32", 3), ("g36", 3), ("g4", 4)])
def test_text_resource(engine, godot):
    path = RES / engine / "canary.tres"
    f = gd.open_file(path)
    assert (f.kind, f.godot) == ("text_resource", godot)
    assert f.get("note") == "top-level embedded script"
    script_id = "GDScript_2m2be" if godot == 4 else "1"
    assert f.literal("script") == ('SubResource("GDScript_2m2be")' if godot == 4 else "SubResource( 1 )")
    source = f.get(f"sub:{script_id}/script/source")
    assert source.startswith("extends Resource\n")
    assert 'print("CANARY-RAN")' in source
    assert f.get("header/type") == "Resource"
    assert f.show() == path.read_text()
    assert f.to_bytes() == path.read_bytes()
    with pytest.raises(KeyError):
        f.get("sub:nope/x")


def test_scene_paths_and_edits():
    path = RES / "g4" / "scene_2d.tscn"
    text = path.read_text()
    f = gd.open_file(path)
    assert f.get("node:Player/position") == gd.Vector2(100, 200.5)
    assert f.get("node:Enemies/Enemy1/position") == gd.Vector2(0, -10)
    assert f.get("node:Player/metadata/note") == "méta ✓"
    assert f.get("node:SpawnTimer/wait_time") == 2.5
    f.set("node:Enemies/Enemy1/position", gd.Vector2(1, 2))
    f.set_text("node:SpawnTimer/wait_time", "4.0")
    assert f.delete("node:SpawnTimer/autostart") is True
    expected = (
        text.replace("position = Vector2(0, -10)\n\n[node name=\"Enemy2\"", "position = Vector2(1, 2)\n\n[node name=\"Enemy2\"")
        .replace("wait_time = 2.5", "wait_time = 4.0")
        .replace("autostart = true\n", "")
    )
    assert f.text == expected
    assert gd.open_file(f.to_bytes()).get("node:Enemies/Enemy1/position") == gd.Vector2(1, 2)
    data = json.loads(f.to_json())
    assert data["kind"] == "scene"
    assert data["sections"][1]["attrs"]["name"] == "Player"


@pytest.mark.parametrize("engine", ["g32", "g36", "g4"])
def test_binary_resource_reads_as_its_text_twin(engine):
    for name in ["gradient", "canary", "scene_2d"]:
        ext = "scn" if name == "scene_2d" else "res"
        text = "tscn" if name == "scene_2d" else "tres"
        b = gd.open_file(RES / engine / f"{name}.{ext}")
        t = gd.open_file(RES / engine / f"{name}.{text}")
        assert b.kind == "binary_resource"
        assert b.text is None
        assert b.godot == t.godot
        assert json.loads(b.to_json()) == json.loads(t.to_json()), name
    g = gd.open_file(RES / engine / "gradient.res")
    assert g.show() == (RES / engine / "gradient.tres").read_text()
    assert g.literal("offsets") == (
        "PackedFloat32Array(0, 0.25, 1)" if engine == "g4" else "PoolRealArray( 0, 0.25, 1 )"
    )
    # Writing .res is not in this version: read-only.
    with pytest.raises(ValueError):
        g.to_bytes()
    with pytest.raises(ValueError):
        g.set("interpolation_mode", 2)


@pytest.mark.parametrize("engine", ["g32", "g36", "g4"])
def test_compressed_binary_resource(engine):
    z = gd.open_file(RES / engine / "custom_full_z.res")
    plain = gd.open_file(RES / engine / "custom_full.res")
    assert z.kind == "binary_resource"
    assert z.show() == plain.show()


@pytest.mark.parametrize("engine", ["g32", "g36", "g4"])
def test_scan_canary_runs_code(engine):
    for name in ["canary.tres", "canary.res"]:
        report = gd.scan(RES / engine / name)
        assert report.runs_code, name
        assert [f["kind"] for f in report.findings] == ["embedded_script", "script_attached"]
        embedded = report.findings[0]
        assert embedded["class"] == "GDScript"
        assert embedded["source"]["lines"] == 8
        assert embedded["message"].startswith("[sub_resource id=")
        assert gd.open_file(RES / engine / name).scan().findings == report.findings
    g4 = gd.scan(RES / "g4" / "canary.tres")
    assert g4.findings[1]["message"] == (
        '[resource] script: a Resource with a script attached: SubResource("GDScript_2m2be")'
    )


def test_scan_clean_files():
    for path in [RES / "g4" / "settings.cfg", RES / "g4" / "gradient.tres", RES / "g36" / "gradient.res"]:
        report = gd.scan(path)
        assert not report.runs_code
        assert report.findings == []
        assert not report
    assert gd.scan(RES / "g4" / "settings.cfg").to_json() == (
        '{"runs_code":false,"reaches_outside":false,"findings":[]}'
    )
    scene = gd.scan(RES / "g4" / "scene_2d.tscn")
    assert not scene.runs_code
    assert [f["message"] for f in scene.findings] == [
        "[connection]: connects SpawnTimer.timeout to Enemies.queue_free()",
        "[connection]: connects SpawnTimer.timeout to Player.set_visible()",
    ]
    assert gd.scan(RES / "g4" / "settings_pass.cfg", password=PASSWORD).findings == []


def test_scan_variant_data():
    g4 = gd.scan(SCAN / "g4_script_object__fo.bin")
    assert g4.runs_code
    assert [(f["kind"], f["location"]["path"]) for f in g4.findings] == [
        ("script_attached", "player/items/1/script"),
        ("script_reference", "player/items/1/script"),
    ]
    assert g4.findings[1]["path"] == "res://mods/evil.gd"
    g3 = gd.scan((SCAN / "g32_script_object__fo.bin").read_bytes())
    assert g3.runs_code
    assert g3.findings[0]["message"] == (
        "player/items/1/script: a Reference with a script attached: Object(GDScript)"
    )
    assert not gd.scan(gd.dumps({"hp": 3})).runs_code


def test_not_a_file():
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(gd.dumps({"hp": 3}))
    assert e.value.kind == "unknown_file"
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(b"These are my notes, not a save game.\n")
    assert e.value.kind == "unknown_file"
    with pytest.raises(gd.DecodeError) as e:
        gd.open_file(b"RSRC\x00")
    assert e.value.kind == "bad_binary"
