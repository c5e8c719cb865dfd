import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import type { CartArticle, CartArticleAnswer } from './cart-types';
import { formatMoney, formatRate } from './money';
import { toMinorUnits } from '../../../schemas/price-calculation';
import { useArticleSearch } from './use-article-search';

/**
 * Finds articles by name, number or barcode and adds them. Enter adds the best match and empties the box, so a
 * barcode scanner (which types the code and Enter) fills the cart one scan after another.
 */
export function ArticleSearch({ onAdd }: { onAdd: (article: CartArticle, answer: CartArticleAnswer) => void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [notFound, setNotFound] = useState<string>();
  const search = useArticleSearch(text);
  const answer = search.answer;
  const addFirst = async () => {
    if (!text.trim()) return;
    const found = search.current && answer ? answer : await search.searchNow().catch(() => undefined);
    const first = found?.items[0];
    if (found && first) {
      onAdd(first, found);
      setText('');
      setNotFound(undefined);
    } else setNotFound(text.trim());
  };
  return (
    <Stack gap="2" data-testid="cart-article-search">
      <HStack gap="2">
        <Box position="relative" flex="1">
          <Input
            type="search"
            size="sm"
            value={text}
            ps="8"
            aria-label={t`Search articles by name, number or barcode`}
            placeholder={t`Name, number or barcode; Enter adds the best match`}
            onChange={(event) => {
              setText(event.target.value);
              setNotFound(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void addFirst();
              }
            }}
          />
          <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
            <Search size={14} aria-hidden />
          </Box>
        </Box>
      </HStack>
      {notFound && (
        <Text textStyle="sm" color="fg.error" role="alert">
          {t`No article matches “${notFound}”.`}
        </Text>
      )}
      {search.error !== undefined ? (
        <HStack>
          <Text textStyle="sm" color="fg.error">{t`The articles could not be searched.`}</Text>
          <Button size="xs" variant="outline" onClick={search.retry}>
            {t`Try again`}
          </Button>
        </HStack>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" maxH="64" overflowY="auto" aria-label={t`Articles found`} aria-busy={search.searching} data-testid="cart-search-results">
          {answer?.items.map((article) => (
            <HStack as="li" key={article.oid} gap="2" borderWidth="1px" borderRadius="md" px="2" py="1" justify="space-between">
              <Stack gap="0" minW="0">
                <Text textStyle="sm" truncate>
                  <bdi>{article.text}</bdi>
                </Text>
                <HStack gap="2" textStyle="xs" color="fg.muted" flexWrap="wrap">
                  {article.articleNumber && <bdi>{article.articleNumber}</bdi>}
                  {article.gtin && <bdi>{article.gtin}</bdi>}
                  <span>{formatRate(article.taxRate, i18n.locale)}</span>
                  {!article.discountable && (
                    <Badge size="xs" colorPalette="orange">
                      {t`No discount`}
                    </Badge>
                  )}
                </HStack>
              </Stack>
              <HStack gap="2" flexShrink={0}>
                <Text textStyle="sm" fontWeight="medium">
                  <bdi>{formatMoney(toMinorUnits(article.unitPrice, answer.decimals), answer.currency, answer.decimals, i18n.locale)}</bdi>
                </Text>
                <Button size="xs" variant="outline" onClick={() => onAdd(article, answer)} aria-label={t`Add ${article.text} to the cart`}>
                  <Plus size={14} aria-hidden /> {t`Add`}
                </Button>
              </HStack>
            </HStack>
          ))}
          {answer && answer.items.length === 0 && search.current && (
            <Text as="li" textStyle="sm" color="fg.muted">
              {t`No article matches.`}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
