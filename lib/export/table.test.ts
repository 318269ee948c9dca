import { describe, expect, it } from "vitest";
import { guardText } from "./table";

describe("guardText", () => {
  it.each([
    '=HYPERLINK("https://evil.example")',
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    " =1+1",
    "   =cmd|' /C calc'!A0",
    "\t=1",
    "\r=1",
    "\n=1",
    "\u00a0=1",
    " \t +1",
    "\tplain",
    "\rplain",
  ])("quotes %j so no spreadsheet runs it", (value) => {
    expect(guardText(value)).toBe(`'${value}`);
  });

  it.each(["Acme", "", " spaced name", "a=b", "email@example.com", "1-2"])("leaves %j as it is", (value) => {
    expect(guardText(value)).toBe(value);
  });
});
