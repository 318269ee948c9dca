import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { COLOR_SCHEME, THEME_COOKIE, themeOfCookie, type Theme } from "@/lib/theme/theme";
import { Providers } from "./providers";
import "./globals.css";

// Self-hosted from the npm package: builds must not depend on reaching a font CDN.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter",
});

export const metadata: Metadata = {
  title: "Linklens",
  description: "Clicks, leads and sales of your short links, filtered by anything the API can filter on.",
};

/** The visitor's theme, from the cookie the page writes (and a sign-in copies from the account): the first HTML is already in it. */
async function requestTheme(): Promise<Theme> {
  return themeOfCookie((await cookies()).get(THEME_COOKIE)?.value);
}

const CANVAS = { light: "#fafafa", dark: "#0e0e10" };

export async function generateViewport(): Promise<Viewport> {
  const theme = await requestTheme();
  return {
    themeColor:
      theme === "system"
        ? [
            { media: "(prefers-color-scheme: light)", color: CANVAS.light },
            { media: "(prefers-color-scheme: dark)", color: CANVAS.dark },
          ]
        : CANVAS[theme],
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = await requestTheme();
  return (
    // The theme is app/theme.css's: "system" follows prefers-color-scheme in CSS alone, live.
    <html lang="en" className={inter.variable} data-theme={theme} style={{ colorScheme: COLOR_SCHEME[theme] }}>
      <body className="min-h-screen bg-zinc-50 font-sans text-zinc-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
