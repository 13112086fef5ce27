import { describe, expect, it } from 'vitest'
import { isLoopbackHost, isLoopbackIp, linkOrigin } from './origin'

describe('link origin', () => {
  it('names this machine only for localhost, 127.x and [::1], with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:80', '127.0.0.1', '127.1.2.3:8080', '[::1]', '[::1]:3000']) {
      expect(isLoopbackHost(host), host).toBe(true)
    }
    for (const host of [
      undefined,
      '',
      'evil.example',
      'localhost.evil.example',
      'evil.example:3000@localhost',
      '127.0.0.1.evil.example',
      '127.0.0.999',
      '[::2]',
      '10.0.0.1',
      'localhost:abc',
    ]) {
      expect(isLoopbackHost(host), String(host)).toBe(false)
    }
    expect(['local', '::1', '127.0.0.1', '::ffff:127.0.0.1'].every(isLoopbackIp)).toBe(true)
    expect(['10.0.0.1', '::2', '128.0.0.1'].some(isLoopbackIp)).toBe(false)
  })

  it('PUBLIC_URL first; the client host only when loopback; else http://localhost:PORT', () => {
    const demo = { PORT: 3000 }
    expect(linkOrigin({ PUBLIC_URL: 'https://loja.example/', PORT: 3000 }, { host: 'evil.example', https: true })).toBe('https://loja.example')
    expect(linkOrigin(demo, { host: '127.0.0.1:3000', https: false })).toBe('http://127.0.0.1:3000')
    expect(linkOrigin(demo, { host: 'LocalHost:3000', https: true })).toBe('https://localhost:3000')
    expect(linkOrigin(demo, { host: 'evil.example', https: false })).toBe('http://localhost:3000')
    expect(linkOrigin(demo, { host: undefined, https: false })).toBe('http://localhost:3000')
    expect(linkOrigin(demo)).toBe('http://localhost:3000')
  })
})
