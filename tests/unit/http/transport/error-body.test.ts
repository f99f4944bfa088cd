import { serverMessageOf } from "../../../../provider/http/transport/error-body";

const json = (body: unknown) => serverMessageOf(JSON.stringify(body), "application/json; charset=utf-8");

describe("serverMessageOf", () => {
  it("reads {error: string}", () => {
    expect(json({ error: "Resource could not be found" })).toBe("Resource could not be found");
  });

  it("reads {error: {field: [messages]}} field by field", () => {
    expect(json({ error: { conditions: ["Automation conditions should have query operator."], actions: ["is invalid", "is empty"] } })).toBe(
      "conditions: Automation conditions should have query operator.; actions: is invalid; is empty",
    );
  });

  it("prefers message over attributes and the optional errors of RecordInvalid", () => {
    expect(json({ message: "Name can't be blank, Slug has already been taken", attributes: ["name", "slug"], errors: { name: ["can't be blank"] } })).toBe(
      "Name can't be blank, Slug has already been taken",
    );
  });

  it("reads devise's {errors: [messages]}", () => {
    expect(json({ errors: ["You need to sign in or sign up before continuing."] })).toBe("You need to sign in or sign up before continuing.");
  });

  it("reads the swagger shape {errors: [{field, message}]}", () => {
    expect(json({ description: "Bad request", errors: [{ field: "name", message: "is required", code: "x" }, { message: "other" }] })).toBe("name: is required; other");
  });

  it("reads Rails' default {status, error}", () => {
    expect(json({ status: 500, error: "Internal Server Error" })).toBe("Internal Server Error");
  });

  it("reads a bare JSON string or list", () => {
    expect(json("Forbidden")).toBe("Forbidden");
    expect(json(["a", "b"])).toBe("a; b");
  });

  it("has nothing to say for bodies without a message", () => {
    expect(json({ id: 3 })).toBeUndefined();
    expect(json({ error: "" })).toBeUndefined();
    expect(serverMessageOf("", "application/json")).toBeUndefined();
    expect(serverMessageOf("  \n", undefined)).toBeUndefined();
  });

  it("keeps rack-attack's text/plain answer as one trimmed line", () => {
    expect(serverMessageOf("Retry later\n", "text/plain")).toBe("Retry later");
  });

  it("treats broken JSON as text", () => {
    expect(serverMessageOf('{"error": "cut', "application/json")).toBe('{"error": "cut');
  });

  it("summarises HTML pages by their title or first heading, never the whole page", () => {
    const nginx = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    expect(serverMessageOf(nginx, "text/html")).toBe("HTML page: 502 Bad Gateway");
    expect(serverMessageOf("<!DOCTYPE html><body><h1>We&#39;re down &amp; <b>back</b> soon</h1></body>", undefined)).toBe("HTML page: We're down & back soon");
    const untitled = `<html><body>${"x".repeat(5000)}</body></html>`;
    expect(serverMessageOf(untitled, "text/html")).toBe(`HTML page (${untitled.length} bytes)`);
  });

  it("clips long messages and flattens line breaks", () => {
    const message = serverMessageOf("line one\nline two\n" + "y".repeat(1000), "text/plain") ?? "";
    expect(message.startsWith("line one line two y")).toBe(true);
    expect(message.length).toBe(300);
    expect(message.endsWith("…")).toBe(true);
  });
});
