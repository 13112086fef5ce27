import { describe, expect, it } from 'vitest'
import { cookieValue } from './tokens'

describe('cookieValue', () => {
  it('finds one cookie among others, whole names only', () => {
    expect(cookieValue('vt_sid=abc', 'vt_sid')).toBe('abc')
    expect(cookieValue('a=1; vt_sid=abc; b=2', 'vt_sid')).toBe('abc')
    expect(cookieValue('a=1;vt_sid=abc', 'vt_sid')).toBe('abc')
    expect(cookieValue('xvt_sid=nope; vt_sid=yes', 'vt_sid')).toBe('yes')
    expect(cookieValue('xvt_sid=nope', 'vt_sid')).toBeUndefined()
    expect(cookieValue('a=vt_sid=nope', 'vt_sid')).toBeUndefined()
  })

  it('is undefined without a header or the cookie, empty for an empty value', () => {
    expect(cookieValue(undefined, 'vt_sid')).toBeUndefined()
    expect(cookieValue('', 'vt_sid')).toBeUndefined()
    expect(cookieValue('a=1', 'vt_sid')).toBeUndefined()
    expect(cookieValue('vt_sid=; a=1', 'vt_sid')).toBe('')
  })

  it('unquotes and percent-decodes; a broken encoding is no value', () => {
    expect(cookieValue('vt_sid="abc"', 'vt_sid')).toBe('abc')
    expect(cookieValue('vt_sid=a%20b', 'vt_sid')).toBe('a b')
    expect(cookieValue('vt_sid=%E0%A4%A', 'vt_sid')).toBeUndefined()
  })
})
