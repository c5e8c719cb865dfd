import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { addUrlTemplateFormat, isUrlTemplate, URL_TEMPLATE_FORMAT } from './url-template';

describe('the url-template format', () => {
  it('accepts absolute URLs with numbered placeholders where values go', () => {
    expect(isUrlTemplate('https://track.example.com/?id={0}')).toBe(true);
    expect(isUrlTemplate('https://track.example.com/parcels/{0}/status?lang={1}')).toBe(true);
    expect(isUrlTemplate('https://{0}.carrier.example/track#{1}')).toBe(true);
    expect(isUrlTemplate('https://track.example.com/?id={10}&ref={0}')).toBe(true);
  });

  it('accepts a plain URL: the placeholders are optional', () => {
    expect(isUrlTemplate('https://track.example.com/')).toBe(true);
  });

  it('refuses other braces and text that is no URL with its placeholders filled in', () => {
    expect(isUrlTemplate('https://track.example.com/?id={id}')).toBe(false);
    expect(isUrlTemplate('https://track.example.com/?id={}')).toBe(false);
    expect(isUrlTemplate('https://track.example.com/?id={0')).toBe(false);
    expect(isUrlTemplate('https://track.example.com/?id=0}')).toBe(false);
    expect(isUrlTemplate('https://track.example.com/?id={{0}}')).toBe(false);
    expect(isUrlTemplate('track.example.com/?id={0}')).toBe(false);
    expect(isUrlTemplate('{0}')).toBe(false);
    expect(isUrlTemplate('https://track.example.com/ id={0}')).toBe(false);
    expect(isUrlTemplate('')).toBe(false);
  });

  it('is a format of ajv beside uri, which still refuses placeholders', () => {
    const ajv = addUrlTemplateFormat(addFormats(new Ajv()));
    const template = ajv.compile({ type: 'string', format: URL_TEMPLATE_FORMAT });
    const uri = ajv.compile({ type: 'string', format: 'uri' });
    expect(template('https://track.example.com/?id={0}')).toBe(true);
    expect(template('not a url {0}')).toBe(false);
    expect(uri('https://track.example.com/?id={0}')).toBe(false);
    expect(uri('https://track.example.com/?id=0')).toBe(true);
  });
});
