import { expect, test } from "@playwright/test";

// The tab's icon is public: the proxy's matcher skips it, so a signed-out browser gets the image,
// not the sign-in redirect.
test("/favicon.ico answers with an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
});
