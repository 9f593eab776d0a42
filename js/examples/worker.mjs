// A Worker (Cloudflare Workers and other fetch-handler hosts) that answers a POSTed
// Godot save, var_to_bytes blob or store_var file with its JSON: lossless by default,
// `?plain` for plain JSON, `?text` for the engine's text form. An encrypted save's password
// comes in the `x-godot-password` header. Bundlers for Workers import a .wasm file as a
// compiled `WebAssembly.Module`, which `gdvariant/manual` takes.
import wasm from "gdvariant/gdvariant_bg.wasm";
import { initialize, iterFrames, DecodeError } from "gdvariant/manual";

initialize(wasm);

export default {
  async fetch(request) {
    if (request.method !== "POST") {
      return new Response("POST the bytes of a Godot save\n", { status: 405, headers: { allow: "POST" } });
    }
    const url = new URL(request.url);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const password = request.headers.get("x-godot-password") ?? undefined;
    try {
      const values = [...iterFrames(bytes, { password, allowObjects: false, view: true })];
      if (url.searchParams.has("text")) {
        return new Response(values.map((v) => v.toText()).join("\n") + "\n", { headers: { "content-type": "text/plain; charset=utf-8" } });
      }
      const json = values.map((v) => v.toJSON({ plain: url.searchParams.has("plain") }));
      const body = json.length === 1 ? json[0] : `[${json.join(",")}]`;
      return new Response(body, { headers: { "content-type": "application/json" } });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      return Response.json({ error: e.message, code: e.code, offset: e.offset }, { status: 422 });
    }
  },
};
