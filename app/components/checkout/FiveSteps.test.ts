import { describe, expect, it } from 'vitest'
import { FIVE_STEPS, showsNextStep } from './FiveSteps'

describe("'Próximo passo' of the five steps", () => {
  it('shows between the first step and the last', () => {
    expect(FIVE_STEPS.map((_, step) => showsNextStep(step, null))).toEqual([false, true, true, true, false])
  })

  it("hides while a 'sedrc' or 'EsEdrc' prompt stands in for delivery and shipping, whose link is the way on", () => {
    for (const prompt of ['sedrc', 'EsEdrc']) {
      expect(
        FIVE_STEPS.map((_, step) => showsNextStep(step, prompt)),
        prompt,
      ).toEqual([false, false, false, true, false])
    }
  })
})
