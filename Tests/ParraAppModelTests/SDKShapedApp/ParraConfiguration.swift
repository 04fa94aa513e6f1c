// swift-format-ignore-file
// The SDK podcast template's ParraConfiguration.swift, rendered for a tenant with light and dark themes
// (the template's header comment aside).

import Parra
import SwiftUI

private let defaultTheme = ParraTheme(
    lightPalette: ParraColorPalette(
        primary: ParraColorSwatch(
            shade50: Color.fromHex("#EEF2FF"),
            shade100: Color.fromHex("#E0E7FF"),
            shade200: Color.fromHex("#C7D2FE"),
            shade300: Color.fromHex("#A5B4FC"),
            shade400: Color.fromHex("#818CF8"),
            shade500: Color.fromHex("#6366F1"),
            shade600: Color.fromHex("#4F46E5"),
            shade700: Color.fromHex("#4338CA"),
            shade800: Color.fromHex("#3730A3"),
            shade900: Color.fromHex("#312E81"),
            shade950: Color.fromHex("#1E1B4B")
        ),
        secondary: ParraColorSwatch(
            shade50: Color.fromHex("#F0FDFA"),
            shade100: Color.fromHex("#CCFBF1"),
            shade200: Color.fromHex("#99F6E4"),
            shade300: Color.fromHex("#5EEAD4"),
            shade400: Color.fromHex("#2DD4BF"),
            shade500: Color.fromHex("#14B8A6"),
            shade600: Color.fromHex("#0D9488"),
            shade700: Color.fromHex("#0F766E"),
            shade800: Color.fromHex("#115E59"),
            shade900: Color.fromHex("#134E4A"),
            shade950: Color.fromHex("#042F2E")
        ),
        primaryBackground: Color.fromHex("#FFFFFF"),
        secondaryBackground: Color.fromHex("#F8FAFC"),
        primaryText: Color.fromHex("#0F172A"),
        secondaryText: Color.fromHex("#475569"),
        primarySeparator: Color.fromHex("#E2E8F0"),
        secondarySeparator: Color.fromHex("#F1F5F9"),
        primaryChipText: Color.fromHex("#4338CA"),
        secondaryChipText: Color.fromHex("#334155"),
        primaryChipBackground: Color.fromHex("#E0E7FF"),
        secondaryChipBackground: Color.fromHex("#F1F5F9"),
        error: ParraColorSwatch(
            shade50: Color.fromHex("#FEF2F2"),
            shade100: Color.fromHex("#FEE2E2"),
            shade200: Color.fromHex("#FECACA"),
            shade300: Color.fromHex("#FCA5A5"),
            shade400: Color.fromHex("#F87171"),
            shade500: Color.fromHex("#EF4444"),
            shade600: Color.fromHex("#DC2626"),
            shade700: Color.fromHex("#B91C1C"),
            shade800: Color.fromHex("#991B1B"),
            shade900: Color.fromHex("#7F1D1D"),
            shade950: Color.fromHex("#450A0A")
        ),
        warning: ParraColorSwatch(
            shade50: Color.fromHex("#FFFBEB"),
            shade100: Color.fromHex("#FEF3C7"),
            shade200: Color.fromHex("#FDE68A"),
            shade300: Color.fromHex("#FCD34D"),
            shade400: Color.fromHex("#FBBF24"),
            shade500: Color.fromHex("#F59E0B"),
            shade600: Color.fromHex("#D97706"),
            shade700: Color.fromHex("#B45309"),
            shade800: Color.fromHex("#92400E"),
            shade900: Color.fromHex("#78350F"),
            shade950: Color.fromHex("#451A03")
        ),
        info: ParraColorSwatch(
            shade50: Color.fromHex("#F0F9FF"),
            shade100: Color.fromHex("#E0F2FE"),
            shade200: Color.fromHex("#BAE6FD"),
            shade300: Color.fromHex("#7DD3FC"),
            shade400: Color.fromHex("#38BDF8"),
            shade500: Color.fromHex("#0EA5E9"),
            shade600: Color.fromHex("#0284C7"),
            shade700: Color.fromHex("#0369A1"),
            shade800: Color.fromHex("#075985"),
            shade900: Color.fromHex("#0C4A6E"),
            shade950: Color.fromHex("#082F49")
        ),
        success: ParraColorSwatch(
            shade50: Color.fromHex("#F0FDF4"),
            shade100: Color.fromHex("#DCFCE7"),
            shade200: Color.fromHex("#BBF7D0"),
            shade300: Color.fromHex("#86EFAC"),
            shade400: Color.fromHex("#4ADE80"),
            shade500: Color.fromHex("#22C55E"),
            shade600: Color.fromHex("#16A34A"),
            shade700: Color.fromHex("#15803D"),
            shade800: Color.fromHex("#166534"),
            shade900: Color.fromHex("#14532D"),
            shade950: Color.fromHex("#052E16")
        )
    ),
    
    darkPalette: ParraColorPalette(
        primary: ParraColorSwatch(
            shade50: Color.fromHex("#EEF2FF"),
            shade100: Color.fromHex("#E0E7FF"),
            shade200: Color.fromHex("#C7D2FE"),
            shade300: Color.fromHex("#A5B4FC"),
            shade400: Color.fromHex("#818CF8"),
            shade500: Color.fromHex("#6366F1"),
            shade600: Color.fromHex("#4F46E5"),
            shade700: Color.fromHex("#4338CA"),
            shade800: Color.fromHex("#3730A3"),
            shade900: Color.fromHex("#312E81"),
            shade950: Color.fromHex("#1E1B4B")
        ),
        secondary: ParraColorSwatch(
            shade50: Color.fromHex("#F0FDFA"),
            shade100: Color.fromHex("#CCFBF1"),
            shade200: Color.fromHex("#99F6E4"),
            shade300: Color.fromHex("#5EEAD4"),
            shade400: Color.fromHex("#2DD4BF"),
            shade500: Color.fromHex("#14B8A6"),
            shade600: Color.fromHex("#0D9488"),
            shade700: Color.fromHex("#0F766E"),
            shade800: Color.fromHex("#115E59"),
            shade900: Color.fromHex("#134E4A"),
            shade950: Color.fromHex("#042F2E")
        ),
        primaryBackground: Color.fromHex("#0F172A"),
        secondaryBackground: Color.fromHex("#1E293B"),
        primaryText: Color.fromHex("#F8FAFC"),
        secondaryText: Color.fromHex("#CBD5E1"),
        primarySeparator: Color.fromHex("#E2E8F0"),
        secondarySeparator: Color.fromHex("#F1F5F9"),
        primaryChipText: Color.fromHex("#4338CA"),
        secondaryChipText: Color.fromHex("#334155"),
        primaryChipBackground: Color.fromHex("#E0E7FF"),
        secondaryChipBackground: Color.fromHex("#F1F5F9"),
        error: ParraColorSwatch(
            shade50: Color.fromHex("#FEF2F2"),
            shade100: Color.fromHex("#FEE2E2"),
            shade200: Color.fromHex("#FECACA"),
            shade300: Color.fromHex("#FCA5A5"),
            shade400: Color.fromHex("#F87171"),
            shade500: Color.fromHex("#EF4444"),
            shade600: Color.fromHex("#DC2626"),
            shade700: Color.fromHex("#B91C1C"),
            shade800: Color.fromHex("#991B1B"),
            shade900: Color.fromHex("#7F1D1D"),
            shade950: Color.fromHex("#450A0A")
        ),
        warning: ParraColorSwatch(
            shade50: Color.fromHex("#FFFBEB"),
            shade100: Color.fromHex("#FEF3C7"),
            shade200: Color.fromHex("#FDE68A"),
            shade300: Color.fromHex("#FCD34D"),
            shade400: Color.fromHex("#FBBF24"),
            shade500: Color.fromHex("#F59E0B"),
            shade600: Color.fromHex("#D97706"),
            shade700: Color.fromHex("#B45309"),
            shade800: Color.fromHex("#92400E"),
            shade900: Color.fromHex("#78350F"),
            shade950: Color.fromHex("#451A03")
        ),
        info: ParraColorSwatch(
            shade50: Color.fromHex("#F0F9FF"),
            shade100: Color.fromHex("#E0F2FE"),
            shade200: Color.fromHex("#BAE6FD"),
            shade300: Color.fromHex("#7DD3FC"),
            shade400: Color.fromHex("#38BDF8"),
            shade500: Color.fromHex("#0EA5E9"),
            shade600: Color.fromHex("#0284C7"),
            shade700: Color.fromHex("#0369A1"),
            shade800: Color.fromHex("#075985"),
            shade900: Color.fromHex("#0C4A6E"),
            shade950: Color.fromHex("#082F49")
        ),
        success: ParraColorSwatch(
            shade50: Color.fromHex("#F0FDF4"),
            shade100: Color.fromHex("#DCFCE7"),
            shade200: Color.fromHex("#BBF7D0"),
            shade300: Color.fromHex("#86EFAC"),
            shade400: Color.fromHex("#4ADE80"),
            shade500: Color.fromHex("#22C55E"),
            shade600: Color.fromHex("#16A34A"),
            shade700: Color.fromHex("#15803D"),
            shade800: Color.fromHex("#166534"),
            shade900: Color.fromHex("#14532D"),
            shade950: Color.fromHex("#052E16")
        )
    )
    
)

extension ParraConfiguration {
    static let shared = ParraConfiguration(
        pushNotificationOptions: .allWithoutProvisional,
        theme: defaultTheme
    )
}
