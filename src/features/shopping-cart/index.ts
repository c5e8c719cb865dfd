// The shopping cart page (docs/shopping-cart.md): component 'shopping-cart'.
export { ShoppingCartPage } from './shopping-cart-page';
