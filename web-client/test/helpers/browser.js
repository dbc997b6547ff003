// How every browser test launches Debian's Chromium: never a downloaded browser.
export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';

export function launchOptions() {
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  };
}
