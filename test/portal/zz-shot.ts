import { chromium } from "playwright-core";

const [, , ...targets] = process.argv;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
for (const target of targets) {
  const [file, id] = target.split("#");
  await page.goto(`file:///work/main/site/${file}${id ? `#${id}` : ""}`);
  await page.screenshot({ path: `/tmp/shot-${target.replace(/[^a-z0-9]+/gi, "_")}.png` });
}
await browser.close();
