import { describe, expect, it } from "vitest";
import { withoutCallContext } from "../../scripts/generate/without-call-context.js";

describe("withoutCallContext", () => {
  it("passes and takes only instancePath", () => {
    const code = [
      'function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){',
      'if(!(validate4(data.fee, {instancePath:instancePath+"/fee",parentData:data,parentDataProperty:"fee",rootData}))){}',
      'if(!(validate4(data1[i0], {instancePath:instancePath+"/list/" + i0,parentData:data1,parentDataProperty:i0,rootData}))){}',
      "if(!(validate5(data, {instancePath,parentData,parentDataProperty,rootData}))){}",
      "}",
    ].join("\n");
    expect(withoutCallContext(code)).toBe(
      [
        'function validate3(data, {instancePath=""}={}){',
        'if(!(validate4(data.fee, {instancePath:instancePath+"/fee"}))){}',
        'if(!(validate4(data1[i0], {instancePath:instancePath+"/list/" + i0}))){}',
        "if(!(validate5(data, {instancePath}))){}",
        "}",
      ].join("\n"),
    );
  });

  it("keeps a key that holds a quote", () => {
    const code =
      'validate4(data["a\\"b"], {instancePath:instancePath+"/a\\"b",parentData:data,parentDataProperty:"a\\"b",rootData})';
    expect(withoutCallContext(code)).toBe('validate4(data["a\\"b"], {instancePath:instancePath+"/a\\"b"})');
  });

  it("leaves a module whole when something reads the context", () => {
    const code = [
      'function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){',
      "if(data === rootData.limit){}",
      "}",
    ].join("\n");
    expect(withoutCallContext(code)).toBe(code);
  });
});
