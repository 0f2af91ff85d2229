import { describe, expect, it } from "vitest";
import { runtimeMinutes } from "../../src/providers/coerce.js";

describe("runtimeMinutes", () => {
  it.each([
    [154, 154],
    ["120", 120],
    ["120分", 120],
    ["１２０分", 120],
    ["約120分", 120],
    ["120 min", 120],
    ["01:59:00", 119],
    ["119:30", 120],
    ["1:59", 119],
    ["02:00", 120],
    ["", null],
    ["soon", null],
    [-5, null],
    [null, null],
  ])("%s -> %s", (value, expected) => {
    expect(runtimeMinutes(value)).toBe(expected);
  });
});
