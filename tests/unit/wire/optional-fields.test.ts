import { DefinitionWire } from "../../../provider/wire/custom-attribute-definition";
import { PortalWire } from "../../../provider/wire/portal";

/**
 * Servers of other versions leave fields out that the provider only reads (design: tolerance). A
 * `z.unknown().transform(...)` field is required in zod 4, so such an answer must still parse.
 */
describe("wire schemas read answers without the fields a server may leave out", () => {
  it("a custom attribute definition without default_value", () => {
    const parsed = DefinitionWire.parse({ id: 3, attribute_key: "plan", attribute_model: "contact_attribute", attribute_display_type: "text" });
    expect(parsed.default_value).toBeNull();
  });

  it("a portal without config", () => {
    const parsed = PortalWire.parse({ id: 2, name: "Help", slug: "help" });
    expect(parsed.config).toEqual({ allowedLocales: ["en"], defaultLocale: "en" });
  });
});
