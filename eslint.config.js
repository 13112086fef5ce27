import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', 'data/', 'tmp/', '.react-router/', 'node_modules/', 'bench-results/', 'docs/api/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // Toasts only through ~/lib/toast: it loads react-toastify and mounts its container on the first
    // toast (decision 0060), so a direct import would show nothing (decision 0064).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['app/lib/toast*', 'app/components/ui/ToastHost.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-toastify', message: "Use `toast` from '~/lib/toast': react-toastify is loaded and its container mounted on the first toast." },
          ],
          patterns: [{ group: ['react-toastify/*'], message: "Use '~/lib/toast': react-toastify is loaded on the first toast." }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^react-toastify/]', message: "Use '~/lib/toast': it loads react-toastify and mounts its container." },
      ],
    },
  },
)
