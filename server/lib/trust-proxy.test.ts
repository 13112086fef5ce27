import { describe, expect, it } from 'vitest'
import { clientAddress, parseTrustProxy } from './trust-proxy'

describe('TRUST_PROXY and the client address', () => {
  const xff = '1.1.1.1, 2.2.2.2, 3.3.3.3'
  it('none: the socket, whatever the header says', () => {
    expect(clientAddress(parseTrustProxy('false'), '9.9.9.9', xff)).toBe('9.9.9.9')
  })
  it('true is one hop: the rightmost entry; N hops: N from the right', () => {
    expect(clientAddress(parseTrustProxy('true'), '9.9.9.9', xff)).toBe('3.3.3.3')
    expect(clientAddress(parseTrustProxy('1'), '9.9.9.9', xff)).toBe('3.3.3.3')
    expect(clientAddress(parseTrustProxy('2'), '9.9.9.9', xff)).toBe('2.2.2.2')
    expect(clientAddress(parseTrustProxy('9'), '9.9.9.9', xff)).toBe('1.1.1.1')
    expect(clientAddress(parseTrustProxy('true'), '9.9.9.9', undefined)).toBe('9.9.9.9')
  })
  it('a list: trusted addresses and CIDRs skipped right to left; an untrusted peer is the client', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 3.3.3.3, fd00::/8')
    expect(clientAddress(trust, '::ffff:10.1.2.3', xff)).toBe('2.2.2.2')
    expect(clientAddress(trust, 'fd00::1', '1.1.1.1')).toBe('1.1.1.1')
    expect(clientAddress(trust, '9.9.9.9', xff)).toBe('9.9.9.9')
    expect(clientAddress(trust, '10.0.0.1', '10.0.0.2, 3.3.3.3')).toBe('10.0.0.2')
  })
  it('refuses what it cannot read', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow()
    expect(() => parseTrustProxy('proxy.local')).toThrow()
  })
})
