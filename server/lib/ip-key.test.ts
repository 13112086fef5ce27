import { describe, expect, it } from 'vitest'
import { ipLimitKey } from './ip-key'

describe('ipLimitKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7')
    expect(ipLimitKey('203.0.113.8')).toBe('203.0.113.8')
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 as one key, and another /64 apart', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:abcd', '2001:db8:1:2:aaaa::%eth0'].map(ipLimitKey)
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(ipLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(ipLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(ipLimitKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
  })

  it('leaves what is not an address alone', () => {
    expect(ipLimitKey('local')).toBe('local')
    expect(ipLimitKey('')).toBe('')
  })
})
